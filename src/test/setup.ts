import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadSanitizer } from '../components/sanitized-html';

// DOMPurify loads on demand in the app (route loaders); components render synchronously here.
await loadSanitizer();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
