// Issue 13 contract: filled by the analytics work.
export {};
