/**
 * Renders the modal stack of the ui slice. The stack holds names and props only; the dialogs come
 * from the modules' registries (src/app/modules.ts), each a lazily loaded component.
 */
import { Suspense, type ComponentType } from 'react';
import type { ModalName } from '../modalRegistry';
import { APP_MODULES } from '../modules';
import { useAppSelector } from '../hooks';
import { selectModals, type ModalEntry } from '../uiSlice';

/** What the host renders a dialog with: its props (checked where the modal is opened) and its id. */
type AnyModal = ComponentType<{ modalId: string } & Record<string, unknown>>;

/** Every module's dialogs by modal name; a name two modules register is a wiring error. */
export function modalRegistryOf(modules: typeof APP_MODULES): ReadonlyMap<ModalName, AnyModal> {
  const registry = new Map<ModalName, AnyModal>();
  for (const module of modules) {
    for (const [name, component] of Object.entries(module.modals ?? {})) {
      if (registry.has(name as ModalName)) throw new Error(`Two modules register the modal '${name}'`);
      registry.set(name as ModalName, component as AnyModal);
    }
  }
  return registry;
}

const MODALS = modalRegistryOf(APP_MODULES);

function ModalView({ entry }: { entry: ModalEntry }) {
  const Modal = MODALS.get(entry.name);
  return Modal ? <Modal modalId={entry.id} {...entry.props} /> : null;
}

export function ModalHost() {
  const modals = useAppSelector(selectModals);
  return (
    <Suspense fallback={null}>
      {modals.map((entry) => (
        <ModalView key={entry.id} entry={entry} />
      ))}
    </Suspense>
  );
}
