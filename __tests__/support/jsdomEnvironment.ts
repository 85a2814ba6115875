// jsdom, plus the fetch classes Node already has (Request, Response, Headers). The portal's data router
// (app/router.tsx) builds a Request for every navigation, and jsdom has none. structuredClone too: the
// participant app's outbox tests run IndexedDB (fake-indexeddb), which clones with it.
import JSDOMEnvironment from 'jest-environment-jsdom';

export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal, structuredClone });
  }
}
