/** Mobile browsers' 100vh includes the hidden URL bar; `--vh` is 1% of the real visible height. */
export function trackViewportHeight(win: Window = window): () => void {
  const update = () => win.document.documentElement.style.setProperty('--vh', `${win.innerHeight * 0.01}px`);
  update();
  win.addEventListener('resize', update);
  win.addEventListener('orientationchange', update);
  return () => {
    win.removeEventListener('resize', update);
    win.removeEventListener('orientationchange', update);
  };
}
