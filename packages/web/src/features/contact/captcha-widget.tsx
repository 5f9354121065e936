/**
 * The contact form's captcha (docs/product.md §5: "captcha solved"; docs/product.md §D2: ALTCHA, a self-hosted proof of
 * work). `import 'altcha'` registers the `<altcha-widget>` web component (v3). It fetches its
 * challenge from our own server (CAPTCHA_CHALLENGE_URL) and solves it in Web Workers made from
 * blob: URLs, which the app's Content-Security-Policy allows (worker-src 'self' blob:); it needs
 * no inline script and calls no other host. Its styles are injected as style elements
 * (style-src allows them, as for PrimeReact).
 *
 * Verification starts by itself when the visitor first focuses a field of the form (`auto`
 * "onfocus"), so it is usually done by the time the message is written; the check box starts it
 * too. A solved captcha is good for one message: the form mounts a new widget (a new `key`) to
 * get a fresh challenge, which after a failed send starts solving at once (`auto` "onload").
 */
import { useEffect, useRef } from 'react';
import 'altcha';
import type {} from 'altcha/types/react';
import { CAPTCHA_CHALLENGE_URL } from './contact-api';

/** The widget's states (altcha v3 `State`). */
export type CaptchaState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

export interface CaptchaWidgetProps {
  /**
   * Called on every state change with the payload to send as `altcha` once the state is
   * 'verified', and null in every other state (not yet solved, solving, expired, failed).
   */
  onChange: (state: CaptchaState, payload: string | null) => void;
  /** Starts solving as soon as the widget is shown (a fresh captcha after a failed send), not on first focus. */
  shouldStartAtOnce?: boolean;
}

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

const STATES: readonly CaptchaState[] = ['unverified', 'verifying', 'verified', 'error', 'expired', 'code'];

function toCaptchaState(value: unknown): CaptchaState {
  return STATES.find((state) => state === value) ?? 'error';
}

export function CaptchaWidget({ onChange, shouldStartAtOnce = false }: CaptchaWidgetProps) {
  const widgetRef = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail | undefined>).detail ?? {};
      const state = toCaptchaState(detail.state);
      const payload = state === 'verified' && typeof detail.payload === 'string' && detail.payload !== '' ? detail.payload : null;
      onChangeRef.current(state, payload);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  return <altcha-widget ref={widgetRef} challenge={CAPTCHA_CHALLENGE_URL} name="altcha" auto={shouldStartAtOnce ? 'onload' : 'onfocus'} />;
}
