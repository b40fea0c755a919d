/**
 * The update flow against a stand-in for the browser's service worker API (the platform boundary):
 * workers found before and after the page registers, the member's Reload, and the first install.
 */
import { describe, expect, it } from 'vitest';
import {
  SKIP_WAITING_MESSAGE,
  startServiceWorker,
  type LifecycleEnvironment,
} from './serviceWorkerLifecycle';
import { present } from '../../test/present';

class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: string) {
    super();
  }
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  moveTo(state: string): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;

  /** The browser found a new version: updatefound, then installed (it waits). */
  findUpdate(): FakeWorker {
    const worker = new FakeWorker('installing');
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  finishInstall(worker: FakeWorker): void {
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
  }
}

class FakeContainer extends EventTarget {
  readonly registration = new FakeRegistration();
  registered: string[] = [];
  constructor(public controller: FakeWorker | null) {
    super();
    this.registration.active = controller;
  }
  register(scriptUrl: string): Promise<FakeRegistration> {
    this.registered.push(scriptUrl);
    return Promise.resolve(this.registration);
  }
  /** The waiting worker takes over (what SKIP_WAITING leads to once the browser allows it). */
  activateWaiting(): void {
    const worker = present(this.registration.waiting, 'a waiting worker');
    this.registration.waiting = null;
    this.registration.active = worker;
    this.controller = worker;
    worker.moveTo('activated');
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function environment(container: FakeContainer) {
  const log = { reloads: 0, updates: 0, offlineReady: 0 };
  const env: LifecycleEnvironment = {
    container,
    scriptUrl: '/sw.js',
    scope: '/',
    reload: () => void (log.reloads += 1),
  };
  const events = {
    onUpdateAvailable: () => void (log.updates += 1),
    onOfflineReady: () => void (log.offlineReady += 1),
  };
  return { env, events, log };
}

const controlled = () => new FakeContainer(new FakeWorker('activated'));

describe('startServiceWorker', () => {
  it('registers the worker and offers an update found after registering', async () => {
    const container = controlled();
    const { env, events, log } = environment(container);
    await startServiceWorker(env, events);
    expect(container.registered).toEqual(['/sw.js']);

    const worker = container.registration.findUpdate();
    expect(log.updates).toBe(0);
    container.registration.finishInstall(worker);
    expect(log.updates).toBe(1);
  });

  it('offers a version that was already installing when the page registered', async () => {
    const container = controlled();
    const worker = container.registration.findUpdate(); // before the page's register(): missed
    const { env, events, log } = environment(container);
    await startServiceWorker(env, events);
    container.registration.finishInstall(worker);
    expect(log.updates).toBe(1);
  });

  it('offers a version that was already waiting when the page registered', async () => {
    const container = controlled();
    container.registration.finishInstall(container.registration.findUpdate());
    const { env, events, log } = environment(container);
    await startServiceWorker(env, events);
    expect(log.updates).toBe(1);
  });

  it('on Reload asks the waiting version to take over and reloads once it does', async () => {
    const container = controlled();
    const { env, events, log } = environment(container);
    const applyUpdate = await startServiceWorker(env, events);
    const worker = container.registration.findUpdate();
    container.registration.finishInstall(worker);

    applyUpdate();
    expect(worker.messages).toEqual([SKIP_WAITING_MESSAGE]);
    expect(log.reloads).toBe(0); // not before the new version controls the page
    container.activateWaiting();
    expect(log.reloads).toBe(1);
    applyUpdate(); // a second press while reloading changes nothing
    expect(log.reloads).toBe(1);
  });

  it('reloads at once when nothing waits any more (another tab applied the update)', async () => {
    const container = controlled();
    const { env, events, log } = environment(container);
    const applyUpdate = await startServiceWorker(env, events);
    container.registration.finishInstall(container.registration.findUpdate());
    container.activateWaiting();
    applyUpdate();
    expect(log.reloads).toBe(1);
  });

  it('lets the first version take over by itself and reports the app ready offline', async () => {
    const container = new FakeContainer(null);
    const { env, events, log } = environment(container);
    await startServiceWorker(env, events);
    const worker = container.registration.findUpdate();
    container.registration.finishInstall(worker);
    expect(log.updates).toBe(0);
    container.activateWaiting(); // clientsClaim
    expect(log).toEqual({ reloads: 0, updates: 0, offlineReady: 1 });
  });

  it('offers a version found later in the page that made the first install', async () => {
    const container = new FakeContainer(null);
    const { env, events, log } = environment(container);
    await startServiceWorker(env, events);
    container.registration.finishInstall(container.registration.findUpdate());
    container.activateWaiting(); // the first version takes over

    container.registration.finishInstall(container.registration.findUpdate());
    expect(log).toEqual({ reloads: 0, updates: 1, offlineReady: 1 });
  });
});
