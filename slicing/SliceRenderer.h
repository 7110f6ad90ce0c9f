#pragma once

#include "Slice.h"

#include <QHash>
#include <QStringList>

namespace rd {

struct MergeRequest;

// The lines of a file as slices number them (no line feeds, no CR of CRLF).
QStringList textLines(const QByteArray &content);

// The exact text an LLM reviewer receives for a slice.
//  inline:   " 123 code" kept, "+124 code" added, "-125 code" deleted, "..." for
//            omitted lines, snippets from other files introduced by their path
//            (Table 1 of the paper);
//  relative: the same lines without numbers, then the list of their positions;
//  none:     the lines with their +/- marks only.
QString renderSlice(const Slice &slice, LineFormat format, const QStringList &newText, const QStringList &oldText);

// Renders slices of one merge request, reading each file's two versions once.
class MergeRequestSliceRenderer
{
public:
    explicit MergeRequestSliceRenderer(const MergeRequest &mr) : m_mr(mr) {}
    QString render(const Slice &slice, LineFormat format);

private:
    const MergeRequest &m_mr;
    QHash<QByteArray, std::pair<QStringList, QStringList>> m_texts;
};

// The tokens a BPE tokenizer (cl100k, o200k) makes of `text`, estimated from
// its words, digit groups, punctuation runs, indentation and line feeds;
// calibrated on C and C++ (README.md, "Token estimates").
int estimateTokens(const QString &text);
// The tokens of one line of a slice as rendered inline (mark, number, text).
int estimateLineTokens(const QString &text, int number);

} // namespace rd
