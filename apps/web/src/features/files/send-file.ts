import { MSG } from '@concilia/domain';
import { ApiError, NetworkError } from '../../lib/api-client';
import { documentText, type ResultOf } from '../../lib/graphql';
import { OPS } from '../../lib/operations';

export type SentFile = ResultOf<typeof OPS.enviarArquivo>['enviarArquivo'];

/**
 * One file to enviarArquivo as a GraphQL multipart request. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Same credentials and CSRF header as every other call (lib/api-client).
 */
export function sendFile(file: File, codpessoa: number | null, onProgress: (fraction: number) => void): Promise<SentFile> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: documentText(OPS.enviarArquivo), variables: { arquivo: null, codpessoa } }));
  form.set('map', JSON.stringify({ 0: ['variables.arquivo'] }));
  form.set('0', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-graphql-yoga-csrf', '1');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError(MSG.erroServidor));
    xhr.onload = () => {
      let body: { data?: { enviarArquivo?: SentFile }; errors?: { message: string; extensions?: { code?: string } }[] };
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new NetworkError(MSG.erroServidor));
        return;
      }
      const first = body.errors?.[0];
      if (first) reject(new ApiError(first.message, first.extensions?.code ?? null));
      else if (body.data?.enviarArquivo) {
        onProgress(1);
        resolve(body.data.enviarArquivo);
      } else reject(new NetworkError(MSG.erroServidor));
    };
    xhr.send(form);
  });
}
