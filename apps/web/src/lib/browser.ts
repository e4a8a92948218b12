/** Browser navigation the error pages trigger; an object so tests can replace its methods. */
export const browser = {
  reload: () => window.location.reload(),
  back: () => window.history.back(),
};
