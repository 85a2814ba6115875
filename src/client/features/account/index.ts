// What the app uses of the account area: its page.
export { accountPages } from './pages';
