#pragma once

// Review ▸ Publish Review…: what publishing the annotator's review of the
// open merge request would send to its code host — each comment that goes
// with its place and its text as the host will show it, the ones not sent
// and why — with the event, the verdict that selects comments and the
// provenance footer to choose; Publish sends it through the session's
// PublishService and shows what went in a dialog.

#include <ReviewPublication.h>

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;
class QTreeWidget;

namespace rd {

class PublishService;
struct PublishOutcome;

class PublishReviewDialog : public QDialog
{
    Q_OBJECT

public:
    PublishReviewDialog(PublishService &service, QWidget *parent = nullptr);

    // Works the preview out again from the choices (they call it on change).
    void refresh();
    bool publishNow(); // false when nothing was started
    QString lastReport() const { return m_lastReport; }
    const std::optional<ReviewPublication> &publication() const { return m_publication; }

Q_SIGNALS:
    void published(const QString &report);

private:
    PublishSettings settings() const;
    void showSelected();
    void finished(const PublishOutcome &outcome, const QString &report);

    PublishService &m_service;
    QLabel *m_target;
    QComboBox *m_verdict;
    QComboBox *m_event;
    QCheckBox *m_provenance;
    QLineEdit *m_summary;
    QTreeWidget *m_comments;
    QTextBrowser *m_text;
    QLabel *m_status;
    QPushButton *m_publish;
    std::optional<ReviewPublication> m_publication;
    QString m_lastReport;
};

} // namespace rd
