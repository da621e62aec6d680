import { useRef, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, DocumentStatus, type PlayerDocument } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { cn } from '@/shared/lib/cn.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { documentsQueryKey, uploadDocument, useDocumentUpdates, useDocuments, useRemoveDocument } from './api.ts';
import './i18n/index.ts';

const STATUS_KEY: Record<number, string> = {
  [DocumentStatus.pending]: 'pending',
  [DocumentStatus.approved]: 'approved',
  [DocumentStatus.rejected]: 'rejected',
};
const STATUS_TONE: Record<number, string> = {
  [DocumentStatus.pending]: 'bg-warn/12 text-warn',
  [DocumentStatus.approved]: 'bg-success/12 text-success',
  [DocumentStatus.rejected]: 'bg-danger/12 text-danger',
};

/** The documents tab: pick a kind, upload (with progress), follow each document's review. */
export function DocumentsPanel() {
  const { t } = useTranslation();
  const playerId = useSession((s) => s.profile?.id);
  const documents = useDocuments();
  useDocumentUpdates(playerId);
  return (
    <div className="space-y-5">
      <UploadForm />
      <div className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
        <h3 className="text-lg font-semibold text-fg">{t('documents.listTitle')}</h3>
        {documents.isPending ? (
          <Spinner label={t('documents.loading')} className="mt-4 size-6" />
        ) : documents.isError ? (
          <p role="alert" className="mt-4 text-danger">
            {t('documents.loadFailed')}
          </p>
        ) : documents.data.length === 0 ? (
          <p className="mt-4 text-muted">{t('documents.none')}</p>
        ) : (
          <ul aria-label={t('documents.listTitle')} className="mt-4 divide-y divide-line">
            {documents.data.map((d) => (
              <DocumentRow key={d.id} document={d} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function DocumentRow({ document }: { document: PlayerDocument }) {
  const { t, i18n } = useTranslation();
  const remove = useRemoveDocument();
  const status = STATUS_KEY[document.status] ?? 'pending';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-fg">{t(`documents.types.${document.type}`, { defaultValue: document.type })}</p>
        <p className="truncate text-sm text-muted">
          {document.fileName} ·{' '}
          {new Date(document.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
        </p>
        {document.reason ? <p className="mt-1 text-sm text-danger">{document.reason}</p> : null}
      </div>
      <span className={cn('rounded-full px-3 py-1 text-xs font-semibold', STATUS_TONE[document.status])}>
        {t(`documents.status.${status}`)}
      </span>
      {document.status !== DocumentStatus.approved ? (
        <Button
          size="sm"
          variant="secondary"
          loading={remove.isPending}
          aria-label={t('documents.removeNamed', { name: document.fileName })}
          onClick={() =>
            remove.mutate(document.id, { onError: () => toast({ type: 'error', title: t('documents.removeFailed') }) })
          }
        >
          {t('documents.remove')}
        </Button>
      ) : null}
    </li>
  );
}

/** The file to upload, with the kinds and size it may be. */
function FileField({ ref }: { ref: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="document-file" className="mb-1.5 block text-sm font-medium text-fg">
        {t('documents.file')}
      </label>
      <input
        ref={ref}
        id="document-file"
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        aria-describedby="document-file-hint"
        className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-raised file:px-3 file:py-2 file:font-semibold file:text-fg"
      />
      <p id="document-file-hint" className="mt-1.5 text-sm text-muted">
        {t('documents.fileHint')}
      </p>
    </div>
  );
}

/** How far the upload is, as a bar and a percentage. */
function UploadProgress({ progress }: { progress: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <progress
        value={progress}
        max={1}
        aria-label={t('documents.progress')}
        className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-raised [&::-webkit-progress-value]:bg-accent"
      />
      <p className="mt-1 text-sm text-muted">{Math.round(progress * 100)} %</p>
    </div>
  );
}

function UploadForm() {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [type, setType] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const file = fileRef.current?.files?.[0];
    if (!type) return setError(t('documents.errors.type'));
    if (!file) return setError(t('documents.errors.file'));
    if (file.size > DOCUMENT_MAX_BYTES) return setError(t('documents.errors.tooLarge'));
    setProgress(0);
    try {
      const added = await uploadDocument(type, file, setProgress);
      queryClient.setQueryData<PlayerDocument[]>(documentsQueryKey, (list) => [added, ...(list ?? [])]);
      toast({ type: 'success', title: t('documents.uploaded') });
      if (fileRef.current) fileRef.current.value = '';
      setType('');
    } catch (failure) {
      if (isApiError(failure) && failure.status === 413) setError(t('documents.errors.tooLarge'));
      else if (isApiError(failure) && failure.status === 422 && failure.fields.file)
        setError(t('documents.errors.kind'));
      else if (isApiError(failure) && failure.status === 0) setError(t('documents.errors.network'));
      else setError(t('documents.errors.generic'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <h3 className="text-lg font-semibold text-fg">{t('documents.uploadTitle')}</h3>
      <p className="mt-1 text-sm text-muted">{t('documents.uploadText')}</p>
      <div className="mt-5 grid max-w-xl gap-4">
        {error ? (
          <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Select
          label={t('documents.type')}
          value={type}
          onChange={(e) => setType(e.currentTarget.value)}
          placeholder={t('documents.chooseType')}
          options={DOCUMENT_TYPES.map((d) => ({ value: d.id, label: t(`documents.types.${d.id}`) }))}
        />
        <FileField ref={fileRef} />
        {progress !== null ? <UploadProgress progress={progress} /> : null}
        <Button type="submit" loading={progress !== null} className="justify-self-start">
          {t('documents.upload')}
        </Button>
      </div>
    </form>
  );
}
