// The answer page's chunk (the questionnaire renderer), loaded when first needed: by the route, or ahead of the
// participant's tap by a task list with something to answer, so that the tap does not wait for the network.
export const loadAnswerScreen = () => import('../screens/Answer');
