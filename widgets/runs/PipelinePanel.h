#pragma once

#include <RunRecord.h>

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace rd {

struct SliceOverlay;

// A review run as it goes and after: progress, requests, tokens and time,
// the comments (filtered ones behind a toggle) and every exchange with the
// model, prompt and answer.
class PipelinePanel : public QWidget
{
    Q_OBJECT

public:
    explicit PipelinePanel(QWidget *parent = nullptr);

    void started(const RunConfig &config, bool replay, int slices);
    void progressed(const RunProgress &progress);
    void finished(std::shared_ptr<const RunRecord> record);

    bool showsFiltered() const;
    void setShowsFiltered(bool show);
    std::shared_ptr<const RunRecord> record() const { return m_record; }
    // The comments listed now (kept ones, plus filtered ones when shown).
    QList<const ReviewComment *> listedComments() const;
    // The listed comments of the file at `path` at their lines: one more band
    // beside the slice bands, the comment on hover. None without a comment there.
    std::optional<SliceOverlay> commentOverlay(const QString &path) const;
    int exchangeCount() const;
    QString exchangeText(int row) const;
    // The run's errors as the summary shows them (empty: none).
    QString errorsText() const;

Q_SIGNALS:
    void cancelRequested();
    void openLocation(const QByteArray &path, int line);
    void commentsChanged();

private:
    void refill();
    QString checkerSummary(int exchange) const;
    QString conversationText(int exchange) const;

    std::shared_ptr<const RunRecord> m_record;
    QList<const ReviewComment *> m_listed;
    QLabel *m_mode = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_errors = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QCheckBox *m_filtered = nullptr;
    QTreeWidget *m_comments = nullptr;
    QListWidget *m_exchanges = nullptr;
    QPlainTextEdit *m_exchange = nullptr;
};

} // namespace rd
