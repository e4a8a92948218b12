// Issue 13 contract: filled by the student-dashboard work.
export {};
