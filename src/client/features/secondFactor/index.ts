export { secondFactorPages } from './pages';
