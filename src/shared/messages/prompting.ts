// The prompting choice's texts (issue 33): the Edit Study page's labels and the rule's messages.
export const promptingMessages = {
  heading: 'Prompting',
  emailFallbackLabel: 'Email a prompt when it cannot be pushed',
  emailAfterMinutesLabel: 'Email it when the phone has not received the push after (minutes)',
  adherenceAlertsLabel: "Send the study's contact a daily digest of participants who need attention",
  alertResponseRateLabel: 'Alert when the response rate falls below (%)',
  alertPromptsLabel: 'over the last closed prompts',
  alertSilentHoursLabel: 'Alert when the app has not been seen for (hours)',
  save: 'Save Prompting',
  saved: 'Prompting settings were saved',
  emailAfterMinutesRange: 'Minutes before the email must be a whole number from 0 to 60',
  alertResponseRateRange: 'The response rate must be a whole number from 0 to 100',
  alertPromptsRange: 'The number of prompts must be a whole number from 1 to 50',
  alertSilentHoursRange: 'The hours unseen must be a whole number from 1 to 168',
} as const;
