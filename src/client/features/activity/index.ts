// What the app uses of the activity log: its page.
export { activityPages } from './pages';
