/*
 * Typed route `staticData` (TanStack Router declaration merging). `bareLayout: true` marks a
 * route that renders its own full page outside the common frame (spec section 2: "All routes
 * except /test sit inside a common page frame"); the root route checks it on the deepest match.
 */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Render the route without the shared header, nav and footer. */
    bareLayout?: boolean;
  }
}

export {};
