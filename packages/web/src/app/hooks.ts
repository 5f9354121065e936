/** The typed Redux hooks live in lib/hooks.ts (features never import `app/`); re-exported for app/ code. */
export { useAppDispatch, useAppSelector } from '../lib/hooks';
