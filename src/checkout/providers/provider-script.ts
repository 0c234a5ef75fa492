/** A provider's browser script (or the sandbox's stand-in of it), put on the page once. */
const scripts = new Map<string, Promise<void>>();

/** Puts `src` on the page once; resolves when it ran. A failed load may be tried again. */
export function addScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const tag = document.createElement('script');
      tag.src = src;
      tag.async = true;
      tag.onload = () => resolve();
      tag.onerror = () => {
        scripts.delete(src);
        tag.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(tag);
    });
    scripts.set(src, loading);
  }
  return loading;
}
