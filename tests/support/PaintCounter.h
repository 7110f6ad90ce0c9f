#pragma once

#include <QEvent>
#include <QObject>
#include <QPointer>

namespace rd::test {

// Counts the paint events a widget receives, so a screenshot can wait for the
// paint that shows a change (QTRY_VERIFY(painted.count() > 0)) instead of
// sleeping for a time that may be too short on a loaded machine.
class PaintCounter : public QObject
{
public:
    explicit PaintCounter(QObject *widget)
        : m_widget(widget)
    {
        m_widget->installEventFilter(this);
    }
    ~PaintCounter() override
    {
        if (m_widget)
            m_widget->removeEventFilter(this);
    }
    int count() const { return m_count; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_widget && event->type() == QEvent::Paint)
            ++m_count;
        return false;
    }

private:
    QPointer<QObject> m_widget;
    int m_count = 0;
};

} // namespace rd::test
