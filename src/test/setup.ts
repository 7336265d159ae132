import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadSanitizer } from '../components/sanitized-html';

// jsdom does no layout, so it has no scrollIntoView; components call it to bring messages into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// DOMPurify loads on demand in the app (route loaders); components render synchronously here.
await loadSanitizer();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
