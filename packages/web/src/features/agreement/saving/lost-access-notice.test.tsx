/** A partner's save after their access ended (lost-access-notice.tsx; docs/sharing.md §2). */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { agreementFileName } from '../core/download-agreement';
import { makeTestAgreement } from '../core/test-agreement';
import { LostAccessNotice, lostAccessMessage } from './lost-access-notice';

describe('LostAccessNotice', () => {
  it('says whose sharing ended and downloads the agreement as on screen', async () => {
    const contract = { ...makeTestAgreement(), access: 'edit' as const, ownerName: 'Anna' };
    const onDownload = vi.fn();
    render(<LostAccessNotice contract={contract} onDownload={onDownload} />);
    expect(screen.getByRole('alert').textContent).toContain('Anna stopped sharing it with you');
    await userEvent.click(screen.getByRole('button', { name: 'Download my changes (JSON)' }));
    expect(onDownload).toHaveBeenCalledWith(contract);
  });

  it('names the owner as "Its owner" when the name is not known', () => {
    expect(lostAccessMessage({})).toMatch(/^Your access to this agreement has ended: Its owner stopped sharing/);
  });

  it('names the file after the agreement, without marks or characters file systems refuse', () => {
    expect(agreementFileName('##c2#With Anna### !h / club')).toBe('With Anna ♥ club.json');
    expect(agreementFileName('##c2####')).toBe('agreement.json');
  });
});
