/**
 * A stand-in for XMLHttpRequest in jsdom component tests (jsdom would send to no server): each
 * request is recorded, and the test drives its progress and its answer.
 */
export class FakeXhr {
  static requests: FakeXhr[] = []
  method = ''
  url = ''
  withCredentials = false
  status = 0
  responseText = ''
  body: FormData | null = null
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  aborted = false

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }

  send(body: FormData) {
    this.body = body
    FakeXhr.requests.push(this)
  }

  abort() {
    this.aborted = true
    this.onabort?.()
  }

  /** The name of the file sent in `fileToUpload`. */
  get fileName(): string {
    const file = this.body?.get('fileToUpload')
    return file instanceof File ? file.name : ''
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent)
  }

  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.onload?.()
  }

  static reset() {
    FakeXhr.requests = []
  }
}
