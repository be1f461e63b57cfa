import { useSyncExternalStore } from 'react'

const COARSE_POINTER = '(pointer: coarse)'
const PHONE_USER_AGENT = /Android|iPhone|iPod|Mobile|Windows Phone/i

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(COARSE_POINTER)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

function isPhone(): boolean {
  return window.matchMedia(COARSE_POINTER).matches || PHONE_USER_AGENT.test(navigator.userAgent)
}

// The prerendered HTML assumes a phone, so the tel: link works before (and without) JavaScript;
// React re-renders with the real answer right after hydration, without a mismatch.
const isPhoneOnServer = () => true

/** Whether the visitor is on a touch-first device that can dial. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, isPhoneOnServer)
}
