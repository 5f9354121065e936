/** The state the top navigation reads (use-nav-state.ts; docs/product.md §2 "Top navigation (by state)"). */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { agreementLoaded } from '../features/agreement/core/agreement-slice';
import { makeTestAgreement } from '../features/agreement/core/test-agreement';
import { makeStore } from './store';
import { useNavState } from './use-nav-state';

function navStateWith(isSubscriber: boolean) {
  const store = makeStore({ storage: null });
  store.dispatch(agreementLoaded({ contract: makeTestAgreement(), isSubscriber }));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useNavState(), { wrapper }).result.current;
}

describe('useNavState', () => {
  it("counts a subscriber's loaded agreement, so /my/instructions offers the editor", () => {
    expect(navStateWith(true).hasLoadedAgreement).toBe(true);
  });

  it("does not count the trial's agreement a subscriber visited before signing in: the editor would be empty", () => {
    expect(navStateWith(false).hasLoadedAgreement).toBe(false);
  });
});
