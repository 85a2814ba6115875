// What the app and other features use of the sessions: the slice, the calls that read or end a session, the
// route guards and the sign-in pages.
export { authPages } from './pages';
export { authReducer, selectAllAccess, selectLabUser, selectSystemOwner, sessionEnded, type AuthState, fetchAccess, logout } from './authSlice';
export { readAccess } from './accessReads';
export { isLabUserSessionValid, isSystemOwnerSessionValid } from './session';
export { RequireAccessEntries, RequireLabManager, RequireLabUser, RequireMainHost, RequireSystemOwner } from './guards';
