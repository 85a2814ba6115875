// What other features use of two-step sign-in: the account page's sections.
export { RequirementSwitch } from './RequirementSwitch';
export { TwoStepSignIn } from './TwoStepSignIn';
