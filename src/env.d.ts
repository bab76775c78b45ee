// Vite handles CSS imports (bundled into one stylesheet) and import.meta.env.
/// <reference types="vite/client" />
