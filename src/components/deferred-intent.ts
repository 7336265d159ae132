/**
 * When deferred forms may load (src/components/deferred-form.tsx): on a server-rendered page
 * being hydrated, not before the shopper reaches for one or the first client-side navigation.
 * A module of its own, so the root route can release them without loading the forms' wrapper.
 */
let released = false;
let releaseIntent: () => void = () => {
  released = true;
};

/**
 * Lets every deferred form load: called by the root route on the first client-side navigation,
 * after which there is no server HTML left to keep.
 */
export function releaseDeferredForms(): void {
  releaseIntent();
}
/** Resolves when deferred forms may load (at once on the server). */
export const intent =
  typeof window === 'undefined'
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        releaseIntent = () => {
          released = true;
          resolve();
        };
      });

/** True while the browser hydrates a server-rendered page and no one has reached for a form. */
export function mustWaitForIntent(): boolean {
  return (
    typeof window !== 'undefined' &&
    !released &&
    '$_TSR' in window &&
    document.documentElement.dataset.hydrated !== 'true'
  );
}
