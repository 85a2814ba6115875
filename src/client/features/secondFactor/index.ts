export { secondFactorPages } from './pages';
export { RequirementSwitch } from './RequirementSwitch';
