// "Edit Order of Selected Questionnaires": the group's one-time and anytime questionnaires in the order the
// participant app lists them. Drag an item (mouse, or the keyboard: Space lifts, arrows move, Space drops), or
// use its Move up / Move down buttons. Loaded only when opened, so drag-and-drop stays out of the editor's load.
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { deepEqual } from '../../../../shared/deepEqual';
import { DialogCloseButton, GuardedModal, UnsavedWork } from '../../../components/unsavedChanges/GuardedModal';
import type { AssessmentListItem } from '../../../../shared/study/assessmentSettings';
import { questionnaireLabel } from './questionnaireLabel';

export const ORDER_DIALOG_TITLE = 'Edit Order of Selected Questionnaires';

type ListKey = 'questionnaire_list' | 'no_submission_limit_list';

export interface QuestionnaireOrder {
  questionnaire_list: AssessmentListItem[];
  no_submission_limit_list: AssessmentListItem[];
}

const SECTIONS: { key: ListKey; title: string }[] = [
  { key: 'questionnaire_list', title: 'One-time assessments' },
  { key: 'no_submission_limit_list', title: 'Anytime assessments' },
];

export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

interface OrderDialogProps {
  /** Names the group, e.g. "Stage 2, Participant Group 1". */
  groupName: string;
  initial: QuestionnaireOrder;
  onSave: (order: QuestionnaireOrder) => void;
  onHide: () => void;
}

export default function OrderDialog({ groupName, initial, onSave, onHide }: OrderDialogProps) {
  const [order, setOrder] = useState<QuestionnaireOrder>(initial);
  const move = (key: ListKey, from: number, to: number) => setOrder((current) => ({ ...current, [key]: moved(current[key], from, to) }));

  const onDragEnd = ({ source, destination }: DropResult) => {
    if (!destination || destination.droppableId !== source.droppableId) return;
    move(source.droppableId as ListKey, source.index, destination.index);
  };

  return (
    <GuardedModal show onHide={onHide} aria-labelledby="order-dialog-title" size="lg">
      <UnsavedWork dirty={!deepEqual(order, initial)} />
      <Modal.Header closeButton>
        <Modal.Title id="order-dialog-title" as="h2" className="h5">
          {ORDER_DIALOG_TITLE}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">
          {groupName}. Drag a questionnaire to its place, or focus it and press Space, the arrow keys and Space again; the
          Move buttons do the same.
        </p>
        <DragDropContext onDragEnd={onDragEnd}>
          {SECTIONS.map(({ key, title }) => (
            <section key={key} aria-labelledby={`order-${key}-title`} className="mb-3">
              <h3 id={`order-${key}-title`} className="h6">
                {title}
              </h3>
              {order[key].length === 0 ? (
                <p className="small text-body-secondary">None selected.</p>
              ) : (
                <Droppable droppableId={key}>
                  {(drop) => (
                    <ol ref={drop.innerRef} {...drop.droppableProps} className="list-unstyled mb-0 order-list" aria-labelledby={`order-${key}-title`}>
                      {order[key].map((q, index) => {
                        const label = questionnaireLabel(q);
                        return (
                          <Draggable key={q._id} draggableId={`${key}:${q._id}`} index={index}>
                            {(drag) => (
                              <li ref={drag.innerRef} {...drag.draggableProps} className="order-item border rounded bg-body d-flex align-items-center gap-2 p-2 mb-2">
                                <span {...drag.dragHandleProps} className="order-handle flex-grow-1 text-break">
                                  <span aria-hidden="true" className="me-2 text-body-secondary">
                                    ⠿
                                  </span>
                                  {index + 1}. {label}
                                </span>
                                <Button size="sm" variant="outline-secondary" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(key, index, index - 1)}>
                                  ↑
                                </Button>
                                <Button
                                  size="sm"
                                  variant="outline-secondary"
                                  aria-label={`Move ${label} down`}
                                  disabled={index === order[key].length - 1}
                                  onClick={() => move(key, index, index + 1)}
                                >
                                  ↓
                                </Button>
                              </li>
                            )}
                          </Draggable>
                        );
                      })}
                      {drop.placeholder}
                    </ol>
                  )}
                </Droppable>
              )}
            </section>
          ))}
        </DragDropContext>
      </Modal.Body>
      <Modal.Footer>
        <DialogCloseButton>Cancel</DialogCloseButton>
        <Button onClick={() => onSave(order)}>Apply Order</Button>
      </Modal.Footer>
    </GuardedModal>
  );
}
