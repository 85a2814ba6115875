// What the app and other features use of labs: the slice in the store, the labs list and one lab (the owner's
// study filters), and the pages.
export { labsPages } from './pages';
export { labsReducer, selectLab, selectLabs, fetchLab, fetchLabs } from './labsSlice';
