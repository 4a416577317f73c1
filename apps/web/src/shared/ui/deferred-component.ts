import { useEffect, useState, type ComponentType } from 'react';
import { whenIdleAfterStart } from './after-start';

/**
 * A component that no first render needs (a menu, a dialog, a tooltip), kept out of the app's first
 * download. Answers a hook that gives the component once its chunk is there, and null until then:
 * the chunk is fetched when the browser is idle after start, or at once when `needed` (the menu is
 * being opened). Callers render nothing, or a plain stand-in, while it is null.
 */
export function deferredComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // A failed download (offline, a new release) may be tried again by the next caller.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  return function useDeferredComponent(needed = false): ComponentType<P> | null {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (component) return;
      let active = true;
      const show = () =>
        start().then(
          (loadedComponent) => active && setComponent(() => loadedComponent),
          () => undefined,
        );
      if (needed) {
        void show();
        return () => {
          active = false;
        };
      }
      const cancelIdle = whenIdleAfterStart(() => void show());
      return () => {
        active = false;
        cancelIdle();
      };
    }, [component, needed]);
    return component;
  };
}
