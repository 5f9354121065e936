/**
 * The Users tab (docs/product.md §2, docs/product.md §3 "Admin-list user: _id, email, role"; docs/product.md §6: users add and
 * impersonate).
 *
 * - Add User: one email field (docs/product.md §5: required, "Incorrect email format"; AddUserSchema) sent to
 *   POST /users/admin-signup; the user and subscription lists then reload (docs/product.md §4) and the server's
 *   sentence (invitation sent or not) shows in a toast.
 * - Impersonate: signs in as that user (docs/product.md §4: "Impersonation logs in as the chosen user then goes
 *   to /im/home"). Switching the session is the caller's (`onImpersonate`), since the session
 *   belongs to the account feature; administrators cannot be impersonated (the server refuses), so
 *   their rows have no button.
 */
import { InputText } from '../../components/ui/input-text';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { UserListItem } from '@bpa/domain/api-users';
import { AddUserSchema } from '@bpa/domain/validation';
import { useToast } from '../../components/ui/toast-provider';
import { toErrorMessage } from '../../lib/error-message';
import { useAddUserMutation, useGetUsersQuery } from './admin-api';
import { countText, tableEmptyText, tablePagination } from './admin-format';

export interface UsersTabProps {
  /**
   * Signs in as the user with this email and opens /im/home; rejects with the reason when the
   * switch did not happen (the tab shows it in a toast).
   */
  onImpersonate: (email: string) => Promise<void>;
}

const ROLE_LABELS: Record<UserListItem['role'], string> = { admin: 'Administrator', subscriber: 'Subscriber', partner: 'Partner (free)' };

/** The first message of the Add User rule (docs/product.md §5), or undefined for a good address. */
function emailProblemOf(value: string): string | undefined {
  const parsed = AddUserSchema.safeParse({ email: value });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Status of an account whose invitation was never accepted (no password yet; docs/product.md §17). */
export const INVITATION_PENDING_LABEL = 'Invited, not signed in yet';

export function UsersTab({ onImpersonate }: UsersTabProps) {
  const { data, isLoading, error } = useGetUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [addUser, { isLoading: isAdding }] = useAddUserMutation();
  const { showSuccess, showFailure } = useToast();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const [impersonatingEmail, setImpersonatingEmail] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const emailId = useId();
  const problemId = useId();
  const users = data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    const parsed = AddUserSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setProblem(undefined);
    try {
      const added = await addUser(parsed.data).unwrap();
      showSuccess(added.message);
      setEmail('');
      setTriedSubmit(false);
    } catch (error) {
      // Kept beside the field (not only in a toast) so the administrator can read it and correct the address.
      setProblem(toErrorMessage(error));
      inputRef.current?.focus();
    }
  };

  const impersonate = async (userEmail: string) => {
    setImpersonatingEmail(userEmail);
    try {
      await onImpersonate(userEmail);
    } catch (error) {
      showFailure(error);
      setImpersonatingEmail(null);
    }
  };

  return (
    <div className="admin-tab">
      <form className="admin-add-user" noValidate onSubmit={(event) => void submit(event)} aria-label="Add User">
        <label htmlFor={emailId} className="admin-label">
          Email of the new user
        </label>
        <div className="admin-add-user-row">
          <InputText
            ref={inputRef}
            id={emailId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            value={email}
            invalid={problem !== undefined}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (hasTriedSubmit) setProblem(emailProblemOf(event.target.value));
            }}
            className="admin-input"
          />
          <Button type="submit" label="Add User" icon="pi pi-user-plus" loading={isAdding} />
        </div>
        {problem && (
          <small id={problemId} className="admin-problem" role="alert">
            <span className="pi pi-exclamation-circle" aria-hidden="true" /> {problem}
          </small>
        )}
        <small className="admin-hint">The new user gets a one-year subscription, five agreements and an email to set a password.</small>
      </form>

      <p className="admin-tab-summary">{countText(users.length, 'user')}</p>
      <DataTable
        value={users}
        dataKey="_id"
        loading={isLoading}
        {...tablePagination(users.length)}
        responsiveLayout="stack"
        breakpoint="576px"
        stripedRows
        size="small"
        emptyMessage={tableEmptyText(error, 'No users.', 'users')}
        className="admin-table"
        pt={{ table: { 'aria-label': 'Users' } }}
      >
        <Column field="email" header="Email" sortable bodyClassName="admin-cell-email" />
        <Column field="role" header="Role" sortable body={(user: UserListItem) => ROLE_LABELS[user.role]} />
        <Column
          field="isInvitationPending"
          header="Status"
          sortable
          body={(user: UserListItem) => (user.isInvitationPending ? <span className="admin-muted">{INVITATION_PENDING_LABEL}</span> : 'Signed in before')}
        />
        <Column
          header="Action"
          body={(user: UserListItem) =>
            user.role === 'admin' ? (
              <span className="admin-muted">
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">Administrators cannot be impersonated</span>
              </span>
            ) : (
              <Button
                type="button"
                label="Impersonate"
                icon="pi pi-sign-in"
                size="small"
                outlined
                aria-label={`Impersonate ${user.email}`}
                loading={impersonatingEmail === user.email}
                disabled={impersonatingEmail !== null}
                onClick={() => void impersonate(user.email)}
              />
            )
          }
        />
      </DataTable>
    </div>
  );
}
