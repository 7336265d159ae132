import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadSanitizer } from '../components/sanitized-html';

// jsdom does no layout, so it has no scrollIntoView; components call it to bring messages into
// view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// DOMPurify loads on demand in the app (route loaders); components render synchronously here.
await loadSanitizer();

// How long `findBy…` and `waitFor` may wait for what they look for: a ceiling, not a delay (they
// return as soon as it shows). A deferred form's chunk (src/components/deferred-form.tsx) is
// compiled on its first import here, which under a loaded machine took more than the default
// second: a test failed once waiting for the product page's price (three runs under load).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
