// One IntersectionObserver for every deferred editor of the page (hundreds of cards would otherwise create
// hundreds of observers): each element's callback runs once, when the element first comes near the screen.
/** How far outside the screen an element may be and still count as near. */
const NEAR = '600px 0px';

const callbacks = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = callbacks.get(entry.target);
        whenNearScreenCancel(entry.target);
        callback?.();
      }
    },
    { rootMargin: NEAR },
  );
  return observer;
}

export const canObserve = () => typeof IntersectionObserver !== 'undefined';

/** Calls `callback` once when `element` comes near the screen; answers a function that stops waiting. */
export function whenNearScreen(element: Element, callback: () => void): () => void {
  callbacks.set(element, callback);
  shared().observe(element);
  return () => whenNearScreenCancel(element);
}

function whenNearScreenCancel(element: Element): void {
  if (!callbacks.delete(element)) return;
  observer?.unobserve(element);
}
