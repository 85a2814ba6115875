// What the app uses of studies: the pages.
export { studiesPages } from './pages';
