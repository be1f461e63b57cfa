// What a screen reader says in the editor, in Russian (docs/decisions/0068-the-editor-on-a-phone.md):
// the libraries inside Decap name a few controls in English whatever the locale — react-select's
// «Remove …» on a chosen option, react-toastify's «close» and «notification timer».

/** A library's English accessible name in Russian, or undefined when it is not one of them. */
export function russianAriaLabel(label: string): string | undefined {
  if (label === 'close') return 'Закрыть'
  if (label === 'notification timer') return 'Время до закрытия уведомления'
  const remove = /^Remove (.+)$/.exec(label)
  return remove ? `Убрать «${remove[1]}»` : undefined
}

function translate(element: Element): void {
  const russian = russianAriaLabel(element.getAttribute('aria-label') ?? '')
  if (russian !== undefined) element.setAttribute('aria-label', russian)
}

/** Keeps the accessible names under `root` Russian as the libraries add or change them. */
export function keepAriaLabelsRussian(root: Element): void {
  const translateAll = (node: Node) => {
    if (!(node instanceof Element)) return
    translate(node)
    for (const element of node.querySelectorAll('[aria-label]')) translate(element)
  }
  translateAll(root)
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'attributes') translate(change.target as Element)
      else change.addedNodes.forEach(translateAll)
    }
  }).observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  })
}
