import { browser } from 'wxt/browser';
import type catalogue from '../public/_locales/en/messages.json';

/** Every message the UI may show; English (public/_locales/en/messages.json) is the complete catalogue. */
export type MessageKey = keyof typeof catalogue;

/**
 * The message for `key` in the browser's language, with `$1`… substituted. Falls back to the key
 * itself where the i18n API has no catalogue (unit tests), so a missing message is visible, not blank.
 */
export function t(key: MessageKey, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key, substitutions) || key;
}
