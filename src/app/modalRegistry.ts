/**
 * The open modal registry. Each domain adds its modal kinds by declaration merging, next to the
 * dialogs it registers in its module (src/app/featureModule.ts):
 *
 *     declare module '../../app/modalRegistry' {
 *       interface ModalProps {
 *         share: Record<string, never>;
 *       }
 *     }
 *
 * `ModalRequest` is derived from it, so the ui slice names no domain's modal and a dispatch of
 * `modalOpened({ name, props })` is checked against the props its domain declared.
 */
import type { ComponentType } from 'react';

/** Every modal of the app (by name) and the props it opens with; the domains fill it in. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModalProps {}

export type ModalName = keyof ModalProps;

/** A modal to open: its name and its props, as plain data in the ui slice. */
export type ModalRequest = { [Name in ModalName]: { name: Name; props: ModalProps[Name] } }[ModalName];

/** The dialog of one modal kind: its props plus the id it closes itself with. */
export type ModalComponent<Name extends ModalName> = ComponentType<ModalProps[Name] & { modalId: string }>;

/** What a module registers: dialogs by modal name (lazy components, so the first route stays small). */
export type ModalRegistry = { [Name in ModalName]?: ModalComponent<Name> };
