// A short message that does not block play (the element #toast). Screen
// readers hear it through the page's live region (a11y.js).
export function createToast(el) {
  let timer = 0;
  return (text, ms = 2600) => {
    el.textContent = text;
    el.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(() => (el.hidden = true), ms);
  };
}
