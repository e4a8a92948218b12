/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base URL; the default '/api/v1' works behind the dev proxy and when the server serves the app. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
