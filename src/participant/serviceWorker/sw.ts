// The app's service worker. Each job is a module of this folder that this file starts: the app shell (precache and
// offline navigation), the prompts (push, tap, the page's session) and the outbox's Background Sync.
import { installAppShell } from './appShell';
import { installPush, type PushScope } from './push';
import { installOutboxSync } from './outboxSync';
import type { ServiceWorkerScope } from './scope';

declare const self: ServiceWorkerScope;

// InjectManifest replaces self.__WB_MANIFEST, written out here, with the build's precache list.
installAppShell(self, self.__WB_MANIFEST);
installPush(self as PushScope);
installOutboxSync(self);
