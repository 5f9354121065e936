/**
 * Typed Redux hooks and the store's types, for features (features never import `app/`; the
 * store is assembled there from the features' slices). Use these instead of the plain react-redux
 * hooks. The store types are imported as types only, so no module cycle exists at run time.
 */
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from '../app/store';

export type { AppDispatch, RootState };

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
