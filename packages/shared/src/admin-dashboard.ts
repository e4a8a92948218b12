// Issue 13 contract: filled by the admin-dashboard work.
export {};
