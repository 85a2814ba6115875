// The public page about the participant mobile app (part 1 section 1): its six steps and the coordinator.
import { CoordinatorContact } from './CoordinatorContact';
import { useSiteConfig } from './useSiteConfig';

const steps: { title: string; detail: string }[] = [
  { title: 'Install the app.', detail: 'Install the study app on your phone from the link or store name your research team gave you.' },
  { title: 'Create an account with an email address.', detail: 'Use an email address you can read; you sign in with it.' },
  { title: 'Enter a study code.', detail: 'The research team gives you the code of the study you take part in.' },
  { title: 'Complete the consent form.', detail: 'Read the consent form of the study and agree to it before your first task.' },
  { title: 'Receive notifications.', detail: 'Allow notifications so the app can tell you when a questionnaire is ready and remind you before it closes.' },
  { title: 'Change or reset the password.', detail: 'Change your password in the app, or reset it from the sign-in screen if you forget it.' },
];

export default function ParticipantAppPage() {
  const config = useSiteConfig();
  return (
    <article className="mx-auto" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-3">The Participant App</h1>
      <p>Participants answer the study&apos;s questionnaires, EMA and diary assessments in the mobile app. To get started:</p>
      <ol className="mb-4">
        {steps.map((step) => (
          <li key={step.title} className="mb-2">
            <strong>{step.title}</strong> {step.detail}
          </li>
        ))}
      </ol>
      <p>
        For help, use the project coordinator contact of <CoordinatorContact coordinator={config.coordinator} />.
      </p>
    </article>
  );
}
