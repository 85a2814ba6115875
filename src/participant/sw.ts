// The app's service worker. Each job is a module of sw/ that this file starts: the app shell (precache and
// offline navigation), the prompts (push, tap, the page's session) and the outbox's Background Sync.
import { installAppShell } from './sw/appShell';
import { installPush, type PushScope } from './sw/push';
import { installOutboxSync } from './sw/outboxSync';
import type { ServiceWorkerScope } from './sw/scope';

declare const self: ServiceWorkerScope;

// InjectManifest replaces self.__WB_MANIFEST, written out here, with the build's precache list.
installAppShell(self, self.__WB_MANIFEST);
installPush(self as PushScope);
installOutboxSync(self);
