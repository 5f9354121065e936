/**
 * The Templates tab (docs/product.md §2, docs/product.md §3 "Template: _id, templateName, createdAt"; docs/product.md §6: templates
 * upload master).
 *
 * - The list: every template but the hidden Free Trial Agreement (docs/product.md §3), with its created date
 *   (month/day/year, docs/product.md §9) and a Download CSV button (the master CSV of docs/product.md §D6).
 * - Upload master: one CSV file of at most 1,000,000 bytes (docs/product.md §5), checked here as soon as it is
 *   chosen (the size error of docs/product.md §5 and 8) and again by the server, which parses it. A file with
 *   errors is rejected whole and its problems are listed with line and column (docs/product.md §D6); after a
 *   good upload the list reloads (docs/product.md §4).
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { MAX_UPLOAD_SIZE_LABEL, type MasterUploadAnswer } from '@bpa/domain/api-admin';
import type { TemplateSummary } from '@bpa/domain/contract';
import { useToast } from '../../components/ui/toast-provider';
import { downloadBlob } from '../../lib/download-blob';
import { fetchMasterCsv, useGetMastersQuery, useUploadMasterMutation } from './admin-api';
import {
  checkMasterUpload,
  countText,
  formatAdminDate,
  tableEmptyText,
  tablePagination,
  toCsvFileName,
  toUploadProblem,
  type UploadProblem,
} from './admin-format';

export function TemplatesTab() {
  const { data, isLoading, error } = useGetMastersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [uploadMaster, { isLoading: isUploading }] = useUploadMasterMutation();
  const { showSuccess, showFailure } = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  // What keying by name did to the last upload without keys (docs/catalogue-keys.md), kept on the page to read.
  const [keying, setKeying] = useState<{ templateName: string; report: NonNullable<MasterUploadAnswer['data']['keying']> } | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const hintId = useId();
  const problemId = useId();
  const templates = data ?? [];

  const chooseFiles = (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    const browserProblem = chosen.length === 0 ? null : checkMasterUpload(chosen);
    setProblem(browserProblem ? { message: browserProblem, issues: [] } : null);
    setFile(browserProblem ? null : (chosen[0] ?? null));
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const browserProblem = checkMasterUpload(file ? [file] : []);
    if (browserProblem || !file) {
      setProblem({ message: browserProblem ?? 'Please choose one CSV file.', issues: [] });
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    setKeying(null);
    try {
      const answer = await uploadMaster(file).unwrap();
      showSuccess(answer.message);
      if (answer.data.keying && answer.data.keying.unmatched > 0) setKeying({ templateName: answer.data.templateName, report: answer.data.keying });
      formRef.current?.reset();
      setFile(null);
    } catch (error) {
      // Shown in the page, not in a toast: the administrator needs time to read the lines to fix.
      setProblem(toUploadProblem(error, file.name));
      // The fixed file is chosen again, often under the same name: an emptied input reports that choice.
      formRef.current?.reset();
      setFile(null);
      inputRef.current?.focus();
    }
  };

  const download = async (template: TemplateSummary) => {
    setDownloadingId(template._id);
    try {
      downloadBlob(await fetchMasterCsv(template._id), toCsvFileName(template.templateName));
    } catch (error) {
      showFailure(error);
    } finally {
      setDownloadingId(null);
    }
  };

  return (
    <div className="admin-tab">
      <form ref={formRef} className="admin-upload" noValidate onSubmit={(event) => void upload(event)} aria-label="Upload master">
        <label htmlFor={fileInputId} className="admin-label">
          Master template file
        </label>
        <small id={hintId} className="admin-hint">
          One CSV file (level, name, bold, italic, selected, locked, and optionally key), at most {MAX_UPLOAD_SIZE_LABEL}. A template of the same name is
          replaced.
        </small>
        <div className="admin-upload-row">
          <input
            ref={inputRef}
            id={fileInputId}
            name="text"
            type="file"
            accept=".csv,text/csv"
            className="admin-file-input"
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem !== null}
            onChange={(event) => chooseFiles(event.target.files)}
          />
          <Button type="submit" label="Upload master" icon="pi pi-upload" loading={isUploading} disabled={file === null} />
        </div>
        {problem && (
          <div id={problemId} className="admin-upload-problem" role="alert">
            <p className="mb-1">
              <span className="pi pi-times-circle" aria-hidden="true" /> {problem.message}
            </p>
            {problem.issues.length > 0 && (
              <ul className="admin-issue-list">
                {problem.issues.map((issue, index) => (
                  <li key={index}>{issue}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
      {keying && <UploadKeyingReport templateName={keying.templateName} report={keying.report} />}

      <p className="admin-tab-summary">{countText(templates.length, 'template')}</p>
      <DataTable
        value={templates}
        dataKey="_id"
        loading={isLoading}
        {...tablePagination(templates.length)}
        responsiveLayout="stack"
        breakpoint="576px"
        stripedRows
        size="small"
        emptyMessage={tableEmptyText(error, 'No templates.', 'templates')}
        className="admin-table"
        pt={{ table: { 'aria-label': 'Templates' } }}
      >
        <Column field="templateName" header="Template" sortable bodyClassName="admin-cell-name" />
        <Column field="createdAt" header="Created" sortable body={(template: TemplateSummary) => formatAdminDate(template.createdAt)} />
        <Column
          header="Action"
          body={(template: TemplateSummary) => (
            <Button
              type="button"
              label="Download CSV"
              icon="pi pi-download"
              size="small"
              outlined
              aria-label={`Download CSV of ${template.templateName}`}
              loading={downloadingId === template._id}
              onClick={() => void download(template)}
            />
          )}
        />
      </DataTable>
    </div>
  );
}

/** What keying by name did to an upload: how many items got a key, and the ones that matched nothing. */
export interface UploadKeyingReportProps {
  templateName: string;
  report: NonNullable<MasterUploadAnswer['data']['keying']>;
}

/**
 * The items of an upload without keys that matched no catalogue item (docs/catalogue-keys.md, "Keys
 * by name"), kept on the page after the toast has gone, for the administrator to check.
 */
export function UploadKeyingReport({ templateName, report }: UploadKeyingReportProps) {
  const more = report.unmatched - report.unmatchedExamples.length;
  return (
    <div className="admin-upload-keying" role="status">
      <p className="mb-1">
        {report.matched} of {report.matched + report.unmatched} items of &ldquo;{templateName}&rdquo; came without a catalogue key and got one by their names;
        these matched no catalogue item and keep no key (Compare and the convention card find them by name only):
      </p>
      <ul className="admin-issue-list">
        {report.unmatchedExamples.map((example) => (
          <li key={example}>{example}</li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </ul>
    </div>
  );
}
