import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import type { ModelRouter } from './router-process';

/** The router child follows the stored router config: started at boot when enabled, restarted on each change. */
export function routerFeature({ platform, router }: { platform: PlatformDeps; router: ModelRouter }): Feature {
  let unsubscribe: (() => void) | undefined;
  return {
    name: 'router',
    register() {
      unsubscribe = platform.bus.subscribe('config.changed', ({ sections }) => {
        if (sections.includes('router')) void router.apply(platform.config.get().router);
      });
      if (platform.config.get().router.enabled) void router.apply(platform.config.get().router);
    },
    async close() {
      unsubscribe?.();
      await router.close();
    },
  };
}
