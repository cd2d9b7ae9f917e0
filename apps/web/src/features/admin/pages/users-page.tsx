import { useState } from 'react';
import { Link } from 'react-router';
import { ChartNoAxesColumn, UserCheck, UserX } from 'lucide-react';
import { toast } from '../../../components/toast';
import { ROLES } from '@marketplace/contracts/auth';
import type { AdminUser } from '@marketplace/contracts/users';
import { Button, buttonClasses } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { FilterSearch } from '../../../components/filter-search';
import { ListResult } from '../../../components/list-result';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { describeApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useSession } from '../../../lib/use-session';
import { useListAdminUsersQuery, useUpdateAdminUserStatusMutation } from '../api';

const PAGE_SIZE = 10;
const FILTER_KEYS = ['q', 'role', 'status'] as const;
const ROLE_OPTIONS = [{ value: '', label: 'All roles' }, ...ROLES.map((role) => ({ value: role, label: statusLabel(role) }))];
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return <StatusBadge kind="role" status={role} />;
}

function UserStatusBadge({ status }: { status: AdminUser['status'] }) {
  return <StatusBadge kind="user" status={status} />;
}

interface UserActionsProps {
  user: AdminUser;
  isSelf: boolean;
  onChangeStatus: (user: AdminUser) => void;
}

function UserActions({ user, isSelf, onChangeStatus }: UserActionsProps) {
  const name = fullName(user);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link to={`/admin/users/insights/${user.id}`} aria-label={`Insights for ${name}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <ChartNoAxesColumn className="size-4" aria-hidden />
        Insights
      </Link>
      {/* Admins cannot suspend themselves (the API refuses too), so the action is not offered. */}
      {!isSelf &&
        (user.status === 'active' ? (
          <Button variant="secondary" size="sm" onClick={() => onChangeStatus(user)} aria-label={`Suspend ${name}`}>
            <UserX className="size-4 text-red-600" aria-hidden />
            Suspend
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => onChangeStatus(user)} aria-label={`Reactivate ${name}`}>
            <UserCheck className="size-4 text-brand-700" aria-hidden />
            Reactivate
          </Button>
        ))}
    </div>
  );
}

function NameAndEmail({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900">
        {fullName(user)}
        {isSelf && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">You</span>}
      </p>
      <p className="truncate text-sm text-slate-500">{user.email}</p>
    </div>
  );
}

function UsersTable({ users, selfId, onChangeStatus }: { users: AdminUser[]; selfId: string | undefined; onChangeStatus: (user: AdminUser) => void }) {
  const columns: DataColumn<AdminUser>[] = [
    { header: 'Name', className: 'max-w-64', cell: (user) => <NameAndEmail user={user} isSelf={user.id === selfId} /> },
    { header: 'Company', className: 'text-slate-700', cell: (user) => user.companyName ?? <span className="text-slate-400">—</span> },
    { header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    { header: 'Status', cell: (user) => <UserStatusBadge status={user.status} /> },
    { header: 'Joined', className: 'whitespace-nowrap text-slate-600', cell: (user) => formatDate(user.createdAt) },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (user) => (
        <div className="flex justify-end">
          <UserActions user={user} isSelf={user.id === selfId} onChangeStatus={onChangeStatus} />
        </div>
      ),
    },
  ];
  return <DataTable caption="Users" columns={columns} rows={users} rowKey={(user) => user.id} />;
}

function UserCards({ users, selfId, onChangeStatus }: { users: AdminUser[]; selfId: string | undefined; onChangeStatus: (user: AdminUser) => void }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Users">
      {users.map((user) => (
        <li key={user.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <NameAndEmail user={user} isSelf={user.id === selfId} />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <RoleBadge role={user.role} />
            <UserStatusBadge status={user.status} />
            {user.companyName && <span className="text-sm text-slate-600">{user.companyName}</span>}
          </div>
          <p className="mt-2 text-xs text-slate-500">Joined {formatDate(user.createdAt)}</p>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <UserActions user={user} isSelf={user.id === selfId} onChangeStatus={onChangeStatus} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function UsersPage() {
  const session = useSession();
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const { data, error, isLoading, isFetching, refetch } = useListAdminUsersQuery({
    q: filters.q || undefined,
    role: (filters.role || undefined) as AdminUser['role'] | undefined,
    status: (filters.status || undefined) as AdminUser['status'] | undefined,
    page,
    limit: PAGE_SIZE,
  });
  const [updateStatus, { isLoading: isUpdating }] = useUpdateAdminUserStatusMutation();
  const [pendingChange, setPendingChange] = useState<AdminUser | null>(null);

  const isSuspending = pendingChange?.status === 'active';

  async function confirmChange() {
    if (!pendingChange) return;
    const name = fullName(pendingChange);
    try {
      await updateStatus({ id: pendingChange.id, status: isSuspending ? 'suspended' : 'active' }).unwrap();
      toast.success(isSuspending ? `${name} is suspended` : `${name} is active again`);
      setPendingChange(null);
    } catch (updateError) {
      toast.error(describeApiError(updateError).message);
    }
  }

  const users = data?.users ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader title="Users" description="Every buyer, seller and administrator, with their status." />

      <FilterBar className="grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]" hasFilters={hasFilters} onClear={clearFilters}>
        <FilterSearch
          className="col-span-2 lg:col-span-1"
          label="Search users"
          placeholder="Name, email or company"
          value={filters.q}
          onSearch={(query) => setFilter('q', query)}
        />
        <SelectField label="Role" options={ROLE_OPTIONS} value={filters.role} onChange={(event) => setFilter('role', event.target.value)} />
        <SelectField label="Status" options={STATUS_OPTIONS} value={filters.status} onChange={(event) => setFilter('status', event.target.value)} />
      </FilterBar>

      <ListResult
        noun="users"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={Boolean(data)}
        isEmpty={users.length === 0}
        onRetry={() => void refetch()}
        emptyText={hasFilters ? 'Try another search or clear the filters.' : 'Nobody has signed up yet.'}
      >
        <UsersTable users={users} selfId={session?.userId} onChangeStatus={setPendingChange} />
        <UserCards users={users} selfId={session?.userId} onChangeStatus={setPendingChange} />
        {data && (
          <Pagination
            label="Users pages"
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            totalItems={data.pagination.totalItems}
            pageSize={data.pagination.limit}
            onPageChange={setPage}
          />
        )}
      </ListResult>

      <ConfirmDialog
        isOpen={pendingChange !== null}
        title={pendingChange ? `${isSuspending ? 'Suspend' : 'Reactivate'} ${fullName(pendingChange)}?` : ''}
        confirmLabel={isSuspending ? 'Suspend user' : 'Reactivate user'}
        confirmVariant={isSuspending ? 'danger' : 'primary'}
        isBusy={isUpdating}
        onConfirm={() => void confirmChange()}
        onCancel={() => setPendingChange(null)}
      >
        {isSuspending
          ? 'They will not be able to log in or use their account until you reactivate it.'
          : 'They will be able to log in and use their account again.'}
      </ConfirmDialog>
    </div>
  );
}
