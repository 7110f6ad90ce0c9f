#pragma once

#include "DiffView.h"

#include <Slicer.h>

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace rd {

// The slices of the file on screen: which algorithms to draw over the diff,
// the slices with their size, the snippets they pull from other files, and
// the exact text an LLM reviewer would receive, ready to copy.
class SlicePanel : public QWidget
{
    Q_OBJECT

public:
    explicit SlicePanel(QWidget *parent = nullptr);

    // All slices of the merge request (null while slicing runs).
    void setResult(std::shared_ptr<const SlicingResult> result, std::shared_ptr<const MergeRequest> mr);
    void setStatus(const QString &text);
    void showFile(const QByteArray &path);

    QList<SliceAlgorithm> shownAlgorithms() const;
    void setShownAlgorithms(const QList<SliceAlgorithm> &algorithms);
    // The overlays for the diff view: one per shown algorithm.
    QList<SliceOverlay> overlays() const;
    QString renderedText() const;
    int sliceCount() const;
    void selectSlice(int row);

    static QColor colorOf(SliceAlgorithm algorithm);
    static QString titleOf(SliceAlgorithm algorithm);

Q_SIGNALS:
    void overlaysChanged();
    // The user (or setShownAlgorithms) changed which algorithms are drawn.
    void shownAlgorithmsChanged();
    // A snippet from a file of the merge request was chosen.
    void openLocation(const QByteArray &path, int line);

private:
    void refill();
    void showSlice(int row);

    std::shared_ptr<const SlicingResult> m_result;
    std::shared_ptr<const MergeRequest> m_mr;
    QByteArray m_file;
    QList<const Slice *> m_listed;
    QList<QCheckBox *> m_algorithmBoxes;
    QComboBox *m_lineFormat = nullptr;
    QLabel *m_status = nullptr;
    QListWidget *m_slices = nullptr;
    QWidget *m_externalBox = nullptr; // m_external and its label
    QListWidget *m_external = nullptr;
    QPlainTextEdit *m_text = nullptr;
};

} // namespace rd
