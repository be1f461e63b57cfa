import { useSyncExternalStore } from 'react'
import { COARSE_POINTER, isPhoneDevice } from '#app/lib/phone-device.ts'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(COARSE_POINTER)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

// The prerendered HTML assumes a phone, so the tel: link works before (and without) JavaScript;
// React re-renders with the real answer right after hydration, without a mismatch.
const isPhoneOnServer = () => true

/** Whether the visitor is on a touch-first device that can dial. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneDevice, isPhoneOnServer)
}
