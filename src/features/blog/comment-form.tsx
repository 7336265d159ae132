import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../components/form-actions';
import { MessageSlot } from '../../components/message-slot';
import { useTransientMessage } from '../../components/use-transient-message';
import { commentErrorMessage, useCreateComment, type Comment } from './api';
import { COMMENT_MAX_LENGTH, commentSchema, type CommentValues } from './schemas';
import { PostForm } from '../../components/post-form';

interface CommentFormProps {
  /** The post's id; a missing id is refused with 'Post ID is required to submit a comment.' */
  postId: number | null | undefined;
  /** The comment this one answers; none for a top-level comment. */
  parent?: number | null;
  /** The textarea's visible label. */
  label: string;
  submitLabel: string;
  /** Called with the server's answer once it is stored; the text has been cleared by then. */
  onPosted: (comment: Comment) => void;
  /** Adds a Cancel button (reply forms). */
  onCancel?: () => void;
  /** Focus the text when the form appears (a reply form opened by its button). */
  autoFocus?: boolean;
}

/**
 * The comment and reply form (spec sections 2, 5 and 8): react-hook-form with the zod schema;
 * blank or whitespace-only text gives 'Please enter your comment.' without a call, the text is
 * sent trimmed. A refused comment shows the server's detail, else its field errors, else
 * 'Failed to submit comment. Please try again.', for 5 s (spec section 9); the text stays so
 * the shopper can try again.
 */
export function CommentForm({
  postId,
  parent = null,
  label,
  submitLabel,
  onPosted,
  onCancel,
  autoFocus = false,
}: CommentFormProps) {
  const id = useId();
  const fieldId = `${id}-content`;
  const errorId = `${id}-error`;
  const createComment = useCreateComment();
  const [failure, setFailure] = useTransientMessage();
  const form = useForm<CommentValues>({
    resolver: zodResolver(commentSchema),
    defaultValues: { content: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = errors.content?.message;
  const { ref: registerRef, ...field } = form.register('content');
  const textarea = useRef<HTMLTextAreaElement | null>(null);

  useEffect(() => {
    if (autoFocus) textarea.current?.focus();
  }, [autoFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const comment = await createComment.mutateAsync({
        post: postId,
        content: values.content,
        parent,
      });
      form.reset({ content: '' });
      onPosted(comment);
    } catch (error) {
      setFailure({ kind: 'error', text: commentErrorMessage(error) });
    }
  });

  return (
    <PostForm className="blog-comment-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={fieldId} className="blog-comment-form__label">
        {label}
      </label>
      <textarea
        id={fieldId}
        className="blog-comment-form__input"
        rows={parent == null ? 4 : 3}
        maxLength={COMMENT_MAX_LENGTH}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? errorId : undefined}
        {...field}
        ref={(element) => {
          registerRef(element);
          textarea.current = element;
        }}
      />
      {fieldError ? (
        <p id={errorId} className="blog-field-error">
          {fieldError}
        </p>
      ) : null}
      <FormActions className="blog-comment-form__actions" busy={isSubmitting} onCancel={onCancel}>
        {isSubmitting ? 'Posting…' : submitLabel}
      </FormActions>
      <MessageSlot
        className="blog-message-slot"
        live="assertive"
        role="alert"
        textClass="blog-message blog-message--error"
        message={failure}
      />
    </PostForm>
  );
}
